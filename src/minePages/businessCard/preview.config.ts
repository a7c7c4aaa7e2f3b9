export default definePageConfig({ navigationBarTitleText: '名片预览', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
