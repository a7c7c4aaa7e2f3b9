export default definePageConfig({ navigationBarTitleText: '短视频', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
