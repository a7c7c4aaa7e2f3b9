export default definePageConfig({ navigationBarTitleText: '代理商品', navigationStyle: 'custom' })
